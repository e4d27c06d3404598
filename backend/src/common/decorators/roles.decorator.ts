import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto.js';
import type { MemberRole } from '../roles.js';

export const REQUIRED_ROLE_KEY = 'requiredMemberRole';

/**
 * The least role a route needs (RolesGuard). Without it a route under /api/protected needs any member to read
 * (GET) and a bookkeeper to write; elsewhere (auth, operator) no role.
 */
export const Roles = (least: MemberRole) =>
  applyDecorators(
    SetMetadata(REQUIRED_ROLE_KEY, least),
    ApiForbiddenResponse({ description: `Needs the ${least} role or a higher one`, type: ErrorResponseDto }),
  );
