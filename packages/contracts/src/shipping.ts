/** API contracts of the shipping screens (spec sections 2.3 and 7). */
export {};
