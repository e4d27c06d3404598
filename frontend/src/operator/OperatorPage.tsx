import type { ReactNode } from 'react';
import { PageHeader } from '../components/PageHeader';
import { OperatorGate } from './OperatorGate';
import { OperatorTabs } from './OperatorTabs';
import { GivenUpMailAlert } from './GivenUpMailAlert';

/** Every console screen: its heading, the console's tabs, and nothing of the screen for a non-operator. */
export const OperatorPage = ({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <OperatorGate>
    <PageHeader title={title} subtitle={subtitle} actions={actions} />
    <OperatorTabs />
    <GivenUpMailAlert />
    {children}
  </OperatorGate>
);
