import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../documents/return-labels.js';

/** The language of a return document; the UI sends its own. */
export class DocumentQueryDto {
  @ApiPropertyOptional({
    enum: DOCUMENT_LANGUAGES,
    default: 'en',
    description: 'The language the document is written in',
  })
  @IsOptional()
  @IsIn(DOCUMENT_LANGUAGES, { message: `lang must be one of ${DOCUMENT_LANGUAGES.join(', ')}` })
  lang?: DocumentLanguage;
}
