import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { driverText } from '@openride/shared/rides/driver-text';
import { buttonClasses } from '@/components/ui/button-classes';
import { PageTitle } from '@/components/ui/page';
import { TaskScreen } from '@/components/ui/task-screen';
import { paths } from '@/config/paths';

const text = driverText.ride;

/** The driver's ride screen: the map fills the screen above the task's sheet (issue 17 §2). */
export function Shell({ map, children }: { map?: ReactNode; children: ReactNode }) {
  return (
    <TaskScreen map={map} sheetClassName="space-y-4">
      <PageTitle title={text.title} />
      {children}
    </TaskScreen>
  );
}

export function Message({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Shell>
      <div className="space-y-4 rounded-3xl border border-ink-200 bg-white p-6 text-center">
        <h1 className="text-xl font-bold text-ink-900">{title}</h1>
        {children}
        <Link to={paths.driverActive} className={buttonClasses({ variant: 'primary', size: 'lg', className: 'w-full' })}>
          {text.back}
        </Link>
      </div>
    </Shell>
  );
}
