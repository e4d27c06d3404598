import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../documents/return-labels.js';

/** The language of a document; the UI sends its own, and without it the account's language setting is used. */
export class DocumentQueryDto {
  @ApiPropertyOptional({
    enum: DOCUMENT_LANGUAGES,
    description: "The language the document is written in; without it, the account's language setting",
  })
  @IsOptional()
  @IsIn(DOCUMENT_LANGUAGES, { message: `lang must be one of ${DOCUMENT_LANGUAGES.join(', ')}` })
  lang?: DocumentLanguage;
}
