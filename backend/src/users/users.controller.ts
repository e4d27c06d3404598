import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedUser } from '../common/authenticated-user.js';
import { Authenticated } from '../common/decorators/authenticated.decorator.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { RequiresSubscription } from '../common/decorators/requires-subscription.decorator.js';
import { Roles } from '../common/decorators/roles.decorator.js';
import { ErrorResponseDto } from '../common/dto/error-response.dto.js';
import { SettingsDto, UpdateSettingsDto } from './dto/settings.dto.js';
import { UserResponseDto } from './dto/user-response.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('user')
@Authenticated()
@Controller('protected/user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('me')
  @ApiOperation({ summary: 'The person signed in, the company they act for and their role in it' })
  @ApiOkResponse({ type: UserResponseDto })
  async me(@CurrentUser() user: AuthenticatedUser): Promise<UserResponseDto> {
    const company = await this.users.findById(user.id);
    const person = user.memberId === user.id ? company : await this.users.findById(user.memberId);
    return UserResponseDto.from(person, company, user.role);
  }

  @Get('settings')
  @ApiOperation({ summary: "The account's settings" })
  @ApiOkResponse({ type: SettingsDto })
  getSettings(@CurrentUser() user: AuthenticatedUser): Promise<SettingsDto> {
    return this.users.getSettings(user.id);
  }

  // Reading the account and its settings stays open without a subscription (the UI loads the user's language
  // before the subscription modal shows); changing settings is a paid feature.
  @Put('settings')
  @Roles('admin')
  @RequiresSubscription('settings')
  @ApiOperation({ summary: 'Save the settings object' })
  @ApiOkResponse({ type: SettingsDto })
  @ApiBadRequestResponse({ description: 'A field is out of range or not an allowed value', type: ErrorResponseDto })
  updateSettings(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateSettingsDto): Promise<SettingsDto> {
    return this.users.updateSettings(user.id, body);
  }

  @Post('settings/reset')
  @Roles('admin')
  @RequiresSubscription('settings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Put every setting back to its default' })
  @ApiOkResponse({ type: SettingsDto })
  resetSettings(@CurrentUser() user: AuthenticatedUser): Promise<SettingsDto> {
    return this.users.resetSettings(user.id);
  }
}
