import { beforeAll, describe, expect, it } from '@jest/globals';
import { getMetadataStorage, type ValidationArguments } from 'class-validator';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageFromHeader, localiseMessage, russianOf } from './localise-message.js';
import { HOLE, scanMessages, sourceFiles } from './message-scan.spec-support.js';
import { SERVER_MESSAGES } from './server-messages.js';

interface ValidatorCheck {
  type: string;
  target: unknown;
  propertyName: string;
  constraints?: unknown[];
  constraintCls?: unknown;
  message?: string | ((args: ValidationArguments) => string);
}

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A text as the server could send it: each hole filled with a value no catalogue entry names. */
const sample = (pattern: string) => {
  let n = 0;
  return pattern.replaceAll(HOLE, () => `v${++n}`);
};

/** Translated: the catalogue turned it into something else, or it is already written in Russian. */
const isTranslated = (text: string) => {
  const russian = russianOf(text);
  return russian !== undefined && (russian !== text || /[\u0400-\u04ff]/.test(text));
};

/**
 * Sinks whose text the scan cannot follow, because it is read from an object at run time. Each is listed with where
 * its texts are written; the scan reads those places as message sources too, so their texts are checked above. A
 * new sink of this kind fails the suite until it is looked at and listed here.
 */
const DYNAMIC_SINKS: Record<string, string> = {
  'billing/card-error.http.ts error.message': "CardError's sentences, written by the card providers",
  'billing/sandbox/sandbox.service.ts check.message': "sandbox-card-rules' `message` of each refused card",
  "calculation-sessions/calculation-sessions.service.ts messages.join('; ')": "the entries' validators, joined",
  'common/guards/subscription.guard.ts decision.message': "subscription-access's `message` (usageLimitMessage)",
  'common/pipes/request-bounds.pipe.ts problem.error': "request-bounds' `error` of each refused body",
  "common/validation.pipe.ts pairs.map(([, text]) => text).join('; ')": "the DTOs' validator messages, joined",
  'common/workers/worker-pool.ts this.options.busyMessage': "each pool's `busyMessage` option",
  'records/records.service.ts read.tooLarge': "read-record-file's `tooLarge`",
  "reports/reports.service.ts Object.values(fields).join('; ')": "line-checks' messages, joined",
  "reports/reports.service.ts messages.join('; ')": "the report's validators, joined",
  "reports/rate-period-checks.ts Object.values(fields).join('; ')":
    "the mid-quarter rate-period checks' messages, joined",
  'subscriptions/subscriptions.service.ts charge.failureMessage': "the card providers' refusals (`failureMessage`)",
  'tax-rates/matrix/rate-matrix-import.service.ts error.message': "RateMatrixError's sentences, written by the parsers",
  'tax-rates/official/official-matrices.controller.ts error.message':
    'RateMatrixError and MatrixRefusedError sentences',
};

describe('server messages', () => {
  const scan = scanMessages(sourceFiles(SRC), SRC);

  it('finds the messages the source hands to exceptions and validators', () => {
    const patterns = scan.messages.map((m) => m.pattern);
    // One of each way a message is built: a literal, a constant, a template with a value, a helper's argument, a
    // validator's option, an error class of our own.
    expect(patterns).toEqual(
      expect.arrayContaining([
        'Report not found',
        'Invalid email or password',
        `An active tax rate for ${HOLE} already exists`,
        'Send a CSV file in the "file" field',
        'fein must be 9 digits, written 12-3456789 (or empty)',
        'The rate matrix is empty',
      ]),
    );
    expect(new Set(patterns).size).toBeGreaterThan(250);
  });

  it('has a Russian entry for every message in the source', () => {
    const untranslated = [
      ...new Set(
        scan.messages.filter((m) => !isTranslated(sample(m.pattern))).map((m) => `${m.where}: ${sample(m.pattern)}`),
      ),
    ];
    expect(untranslated).toEqual([]);
  });

  describe("the validators' sentences, as class-validator writes them for each check of every DTO", () => {
    const sentences = new Map<string, string>();
    beforeAll(async () => {
      // Loading a DTO registers its checks; the scan above reads a check's own `message` already, this adds the
      // sentence class-validator writes for a check without one (`default_mpg must not be less than 0`).
      for (const { path, text } of sourceFiles(SRC)) if (text.includes("from 'class-validator'")) await import(path);
      const storage = getMetadataStorage() as unknown as {
        validationMetadatas: Map<unknown, ValidatorCheck[]>;
        constraintMetadatas: Map<unknown, Array<{ instance: { defaultMessage?: (a: ValidationArguments) => string } }>>;
      };
      for (const checks of storage.validationMetadatas.values()) {
        for (const check of checks) {
          const args: ValidationArguments = {
            targetName: 'Dto',
            property: check.propertyName,
            object: {},
            value: 'v',
            constraints: check.constraints ?? [],
          };
          const instance = check.constraintCls
            ? storage.constraintMetadatas.get(check.constraintCls)?.[0]?.instance
            : undefined;
          const written: string | undefined =
            typeof check.message === 'function'
              ? check.message(args)
              : (check.message ??
                (check.type === 'nestedValidation'
                  ? `nested property ${check.propertyName} must be either object or array`
                  : instance?.defaultMessage?.(args)));
          if (!written) continue;
          const sentence = written
            .replace(/\$property/g, check.propertyName)
            .replace(/\$constraint(\d)/g, (_match: string, n: string) => String(args.constraints[Number(n) - 1]))
            .replace(/\$value/g, 'v');
          sentences.set(sentence, `${(check.target as { name?: string }).name}.${check.propertyName}`);
        }
      }
    });

    it('finds the checks of the DTOs', () => {
      expect(sentences.size).toBeGreaterThan(100);
      expect([...sentences.keys()]).toContain('default_mpg must not be less than 0');
    });

    it('has a Russian entry for each', () => {
      const untranslated = [...sentences]
        .filter(([text]) => !isTranslated(text))
        .map(([text, where]) => `${where}: ${text}`);
      expect(untranslated).toEqual([]);
    });
  });

  it('knows where every message it cannot follow comes from', () => {
    const unknown = scan.dynamic
      .map((entry) => entry.replace(/:\d+ /, ' '))
      .filter((entry) => !(entry in DYNAMIC_SINKS));
    expect(unknown).toEqual([]);
  });

  it('catches a new message with no Russian entry, however it is built', () => {
    const file = join(SRC, 'example', 'example.service.ts');
    const source = `
      import { BadRequestException, ConflictException } from '@nestjs/common';
      import { IsString } from 'class-validator';
      const GONE = 'The widget has gone to lunch';
      const refuse = (field: string, message: string) => new BadRequestException({ error: message, fields: { [field]: message } });
      export class ExampleDto {
        @IsString({ message: 'widget must be a sprocket' })
        widget: string;
      }
      export function check(count: number) {
        if (count > 3) throw new ConflictException({ error: GONE });
        if (count > 2) throw refuse('count', \`count \${count} is more than the widgets\`);
        throw new BadRequestException({ error: 'Report not found' });
      }
    `;
    const found = scanMessages([{ path: file, text: source }], SRC);
    const untranslated = new Set(found.messages.map((m) => sample(m.pattern)).filter((text) => !isTranslated(text)));
    expect([...untranslated].sort()).toEqual(
      ['The widget has gone to lunch', 'count v1 is more than the widgets', 'widget must be a sprocket'].sort(),
    );
    // A text read from an object is reported, not silently passed over.
    const dynamic = scanMessages(
      [
        {
          path: file,
          text: `import { NotFoundException } from '@nestjs/common'; const f = (e: Error) => new NotFoundException({ error: e.message });`,
        },
      ],
      SRC,
    );
    expect(dynamic.dynamic).toEqual(['example/example.service.ts:1 e.message']);
  });

  it('keeps the same holes in both languages and lists each English text once', () => {
    const holes = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort();
    for (const [en, ru] of SERVER_MESSAGES) expect([en, holes(ru)]).toEqual([en, holes(en)]);
    const english = SERVER_MESSAGES.map(([en]) => en);
    expect(english.filter((en, index) => english.indexOf(en) !== index)).toEqual([]);
  });
});

describe('localiseMessage', () => {
  it('answers English exactly as written', () => {
    expect(localiseMessage('Report not found', 'en')).toBe('Report not found');
  });

  it('translates a fixed sentence and a pattern with its values kept', () => {
    expect(localiseMessage('Report not found', 'ru')).toBe('Отчёт не найден');
    expect(localiseMessage('An active tax rate for TX already exists', 'ru')).toBe(
      'Активная ставка налога для TX уже существует',
    );
    expect(localiseMessage('filed_at 2026-08-01 is after today (2026-07-01)', 'ru')).toBe(
      'filed_at 2026-08-01 позже сегодняшнего дня (2026-07-01)',
    );
  });

  it("translates the validation pipe's joined sentences one by one, and sentences inside sentences", () => {
    expect(localiseMessage('name is required; tax_rate must be a number', 'ru')).toBe(
      'Поле name обязательно; tax_rate должно быть числом',
    );
    expect(localiseMessage('row 4: Total Miles is not a number; and 3 more', 'ru')).toBe(
      'строка 4: Всего миль не является числом; и ещё 3',
    );
    expect(localiseMessage('payment_method_id: Your card number is invalid.', 'ru')).toBe(
      'payment_method_id: Номер карты неверен.',
    );
  });

  it('translates a long joined text part by part, quickly, keeping a part it does not know', () => {
    const parts = Array.from({ length: 400 }, (_, i) => `jurisdictions.${i}.total_miles must be a number`);
    const text = [...parts, 'Something nobody wrote down'].join('; ');
    const started = performance.now();
    const russian = localiseMessage(text, 'ru').split('; ');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(russian[0]).toBe('jurisdictions.0.total_miles должно быть числом');
    expect(russian[399]).toBe('jurisdictions.399.total_miles должно быть числом');
    expect(russian[400]).toBe('Something nobody wrote down');
  });

  it('leaves a sentence it does not know as written', () => {
    expect(localiseMessage('Something nobody wrote down', 'ru')).toBe('Something nobody wrote down');
    expect(localiseMessage('left: right', 'ru')).toBe('left: right');
  });
});

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ru', 'ru'],
    ['ru-RU,ru;q=0.9,en;q=0.8', 'ru'],
    ['en-US,en;q=0.9,ru;q=0.8', 'en'],
    ['de-DE,ru;q=0.5', 'ru'],
    ['de-DE,fr;q=0.5', 'en'],
    ['en;q=0.5,ru;q=0.7', 'ru'],
    ['ru;q=0', 'en'],
  ])('%s → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});
