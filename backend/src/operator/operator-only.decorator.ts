import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { OperatorGuard } from './operator.guard.js';

/** A route of the operator console: signed in, and a platform operator (else 403). */
export const OperatorOnly = () =>
  applyDecorators(
    Authenticated(),
    UseGuards(OperatorGuard),
    ApiForbiddenResponse({ description: 'The account is not a platform operator', type: ErrorResponseDto }),
  );
