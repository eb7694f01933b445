/** Comments, reactions (issue 6): tables of migration 0009. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EngagementTables {}
