import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { OperatorOnly } from './operator-only.decorator.js';

class OperatorMeDto {
  @ApiProperty({ example: true })
  operator: true;
}

@ApiTags('operator')
@OperatorOnly()
@Controller('operator')
export class OperatorController {
  @Get('me')
  @ApiOperation({
    summary: 'Whether the signed-in account is a platform operator (200) or not (403)',
    description: 'The browser asks once after sign-in, to show the operator console in its menu.',
  })
  @ApiOkResponse({ type: OperatorMeDto })
  me(): OperatorMeDto {
    return { operator: true };
  }
}
