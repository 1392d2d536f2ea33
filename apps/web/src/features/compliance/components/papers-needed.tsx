import { Link } from 'react-router';
import { complianceText, documentText } from '@openride/shared/compliance/compliance-text';
import { useMyCompliance } from '../api/documents';

/**
 * On /driver, after approval's words (decision 0081): while the city's required papers keep an approved driver
 * offline, what they must still upload, with the link to the documents page. Nothing when none is missing
 * (an unknown city is the city chooser's to say, on the same page).
 */
export function PapersNeeded() {
  const compliance = useMyCompliance();
  const needed = compliance.data?.city ? complianceText.beforeOnline(compliance.data.items) : null;
  if (!needed) return null;
  return (
    <p role="status" data-testid="papers-needed" className="mt-2 text-ink-700">
      {needed}{' '}
      <Link to="/driver-documents-upload" className="font-semibold underline underline-offset-4">
        {documentText.driver.title}
      </Link>
    </p>
  );
}
