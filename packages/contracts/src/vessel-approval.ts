/** API contracts of the vessel-approval screens (spec sections 2.3 and 7). */
export {};
