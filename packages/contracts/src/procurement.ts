/** API contracts of the procurement screens (spec sections 2.3 and 7). */
export {};
