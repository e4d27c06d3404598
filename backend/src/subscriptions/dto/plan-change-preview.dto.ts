import { ApiProperty } from '@nestjs/swagger';

/** What a plan change would do, shown before the user confirms it. */
export class PlanChangePreviewDto {
  @ApiProperty({ example: 'enterprise' }) plan_id: string;
  @ApiProperty({ example: 'Enterprise' }) plan_name: string;
  @ApiProperty({ description: 'The new plan price per interval', example: 129 }) price: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 'month' }) interval: string;
  @ApiProperty({
    enum: ['now', 'period_end', 'keep_current', 'same_plan'],
    description:
      "now: the plan changes at once (an upgrade of a paid month is charged charged_now); period_end: a downgrade of a paid month waits for the month's end; keep_current: calls off a downgrade that was waiting; same_plan: the current plan, nothing would change (a PUT answers 409)",
  })
  effect: 'now' | 'period_end' | 'keep_current' | 'same_plan';
  @ApiProperty({
    description: 'Charged to the default card on confirming: the prorated difference of an upgrade',
    example: 35,
  })
  charged_now: number;
  @ApiProperty({ format: 'date-time', description: 'When the new plan applies' }) effective_at: string;
  @ApiProperty({ format: 'date-time', description: 'The next renewal (or the end of the trial)' })
  next_renewal_at: string;
  @ApiProperty({ description: 'What the next renewal charges', example: 129 }) next_renewal_price: number;
}
