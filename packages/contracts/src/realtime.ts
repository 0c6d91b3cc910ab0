/** Socket.IO event names of spec section 7 (Realtime). */
export const SocketEvents = {
  userContext: 'userContext',
  events: 'events',
  weightMachine: 'weightMachine',
  /** One of the user's background exports moved (its `TExportJob`), to the user's own sockets. */
  exportJob: 'exportJob',
} as const;

export type StatsType = 'vessel' | 'warehouse' | 'consignee' | 'customer' | 'stats';
export interface StatsEvent {
  statsUpdated: true;
  type: StatsType;
}
/** An approval of the agency moved (recorded, changed or decided): approvers' inboxes refetch. */
export interface ApprovalsEvent {
  approvalsUpdated: true;
}
export interface UserContextEvent {
  userContextUpdated: true;
}
