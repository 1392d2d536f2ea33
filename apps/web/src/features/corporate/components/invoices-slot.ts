import type { ReactNode } from 'react';
import type { CompanyView } from '../api/corporate';

/** Where a later slice composes a company's invoices (the route module passes it; decision 0067). */
export type InvoicesSlot = (company: CompanyView, reader: 'platform_admin' | 'company_admin') => ReactNode;
