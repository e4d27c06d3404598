import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One archive member: its bytes, or chunks to deflate as a stream (so a huge member never sits in memory). */
export interface ZipMember {
  name: string;
  data?: Buffer | string;
  chunks?: () => Iterable<Buffer | string>;
  /** The size written in the headers; a zip bomb lies here. Defaults to the true size. */
  declaredSize?: number;
}

interface Packed {
  name: Buffer;
  compressed: Buffer;
  crc: number;
  size: number;
}

async function pack(member: ZipMember): Promise<Packed> {
  const name = Buffer.from(member.name);
  if (member.data !== undefined) {
    const data = Buffer.from(member.data);
    return { name, compressed: deflateRawSync(data), crc: crc32(data), size: data.length };
  }
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  for (const chunk of member.chunks!()) {
    const bytes = Buffer.from(chunk);
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((ok) => deflate.once('drain', ok));
  }
  // 'end' (not end()'s callback) fires once the last compressed bytes were read out.
  await new Promise((ok) => {
    deflate.once('end', ok);
    deflate.end();
  });
  return { name, compressed: Buffer.concat(out), crc, size };
}

/** A plain deflate zip (no ZIP64), written by hand so tests can shape every header an attacker controls. */
export async function buildZip(members: ZipMember[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const packed = await pack(member);
    const size = member.declaredSize ?? packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.crc >>> 0, 14);
    local.writeUInt32LE(packed.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(packed.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.crc >>> 0, 16);
    central.writeUInt32LE(packed.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(packed.name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, packed.name, packed.compressed);
    centrals.push(central, packed.name);
    offset += 30 + packed.name.length + packed.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"
  xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
  <sheets><sheet name="IFTA Data" sheetId="1" r:id="rId1"/></sheets>
</workbook>`;

const relationships = (extra: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
    Target="worksheets/sheet1.xml"/>${extra}
</Relationships>`;

export const SHEET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_CLOSE = '</sheetData></worksheet>';

/** A row of inline-string and number cells starting at column A. */
export function rowXml(number: number, cells: Array<string | number>): string {
  const xml = cells
    .map((value, i) => {
      const ref = `${String.fromCharCode(65 + i)}${number}`;
      return typeof value === 'number'
        ? `<c r="${ref}"><v>${value}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    })
    .join('');
  return `<row r="${number}">${xml}</row>`;
}

/** A minimal .xlsx whose data sheet is `sheet` (bytes or streamed chunks), plus any extra members. */
export function buildWorkbook(
  sheet: Pick<ZipMember, 'data' | 'chunks' | 'declaredSize'>,
  extra: { members?: ZipMember[]; relationships?: string } = {},
): Promise<Buffer> {
  return buildZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
    { name: 'xl/workbook.xml', data: WORKBOOK },
    { name: 'xl/_rels/workbook.xml.rels', data: relationships(extra.relationships ?? '') },
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
    ...(extra.members ?? []),
  ]);
}
