import { createContext, useContext } from 'react';
import type { AwayReportFragment } from '../../generated/graphql';

export interface AwayInboxState {
  /** The changes of the current window away, while there are any not dismissed; else null. */
  report: AwayReportFragment | null;
  dismiss(): void;
}

export const NO_AWAY_REPORT: AwayInboxState = { report: null, dismiss: () => undefined };

export const AwayContext = createContext<AwayInboxState>(NO_AWAY_REPORT);

export const useAwayInbox = () => useContext(AwayContext);
