import { SaxesParser } from 'saxes';
import { UnreadableWorkbookError } from './zip-archive.js';

/** What a reader of one XML part does with its elements. Names arrive without their namespace prefix. */
export interface XmlVisitor {
  open(name: string, attributes: Record<string, string>, walk: XmlWalk): void;
  close(name: string): void;
  /** Character data of the element just opened when `open` asked for it with `capture()`. */
  text?(text: string): void;
}

export interface XmlWalkLimits {
  /** Elements nested deeper than this refuse the part: a workbook part is under a dozen deep. */
  maxDepth: number;
  /** Elements (named here) whose source may not exceed `maxElementChars`, e.g. one `<row>`. */
  boundedElements: ReadonlySet<string>;
  maxElementChars: number;
}

export interface XmlWalk {
  /** Delivers the character data of the current element to `visitor.text` until it closes. */
  capture(): void;
}

const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * Streams an XML part through saxes, a maintained, linear-time, non-validating parser that never fetches or expands
 * a DTD entity (an undefined entity such as `&xxe;` is an error). Character data is collected only inside elements
 * a visitor captures, so text we ignore (for instance megabytes of whitespace between rows) never accumulates; the
 * nesting depth and the size of the bounded elements are checked as the text streams in, so memory stays bounded.
 * Any malformed XML is an UnreadableWorkbookError; errors a visitor throws pass through unchanged.
 */
export async function walkXml(
  chunks: AsyncIterable<string>,
  visitor: XmlVisitor,
  limits: XmlWalkLimits,
): Promise<void> {
  const parser = new SaxesParser({ position: true });
  let depth = 0;
  let captureDepth = -1;
  let boundedStart = -1;
  const onText = (text: string) => visitor.text?.(text);
  const walk: XmlWalk = {
    capture() {
      captureDepth = depth;
      parser.on('text', onText);
      parser.on('cdata', onText);
    },
  };
  const checkBounded = () => {
    if (boundedStart >= 0 && parser.position - boundedStart > limits.maxElementChars) {
      throw new UnreadableWorkbookError('an element is too large');
    }
  };
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth > limits.maxDepth) throw new UnreadableWorkbookError('elements nested too deep');
    const name = localName(tag.name);
    // Counted from the end of the start tag: saxes bounds a start tag's own length only by what it is fed, and the
    // parts that hold one are capped (maxSheetBytes) before they are read.
    if (boundedStart < 0 && limits.boundedElements.has(name)) boundedStart = parser.position;
    else checkBounded();
    // Without the xmlns option saxes gives attributes as plain strings, names with their prefix (`r:id`).
    visitor.open(name, tag.attributes as Record<string, string>, walk);
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (depth === captureDepth) {
      captureDepth = -1;
      parser.off('text');
      parser.off('cdata');
    }
    depth -= 1;
    checkBounded();
    visitor.close(name);
    if (limits.boundedElements.has(name)) boundedStart = -1;
  });
  try {
    for await (const chunk of chunks) {
      parser.write(chunk);
      checkBounded();
    }
    parser.close();
  } catch (error) {
    if (error instanceof Error && error.constructor !== Error) throw error; // ours, or the visitor's
    throw new UnreadableWorkbookError(`malformed XML: ${(error as Error).message}`);
  }
}

/** An attribute by its local name, whatever its prefix (`r:id` and `id` both answer `id`). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  const plain = attributes[name];
  if (plain !== undefined) return plain;
  for (const key of Object.keys(attributes)) if (localName(key) === name) return attributes[key];
  return undefined;
}
