import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Plan } from './entities/plan.entity.js';
import { planNotOnSale } from './subscriptions.errors.js';

@Injectable()
export class PlansService {
  constructor(@InjectRepository(Plan) private readonly plans: Repository<Plan>) {}

  onSale(): Promise<Plan[]> {
    return this.plans.find({ where: { isActive: true }, order: { position: 'ASC' } });
  }

  /** A plan a user may choose now; 400 naming plan_id otherwise. */
  async choosable(id: string): Promise<Plan> {
    const plan = await this.plans.findOneBy({ id, isActive: true });
    if (!plan) throw planNotOnSale(id);
    return plan;
  }

  /** Any plan, retired ones included: an existing subscription keeps its plan. */
  byId(id: string): Promise<Plan> {
    return this.plans.findOneByOrFail({ id });
  }
}
