import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto.js';

/**
 * Documents a private controller: a bearer token is required (the global JWT guard enforces it) and a
 * missing, expired or forged one answers 401.
 */
export const Authenticated = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing, expired or invalid token', type: ErrorResponseDto }),
  );
