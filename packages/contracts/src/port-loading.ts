/** API contracts of the port-loading screens (spec sections 2.3 and 7). */
export {};
