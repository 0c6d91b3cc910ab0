/** The shape a translation of a section must have: every key of the English section, strings at the leaves. */
export type SectionShape<T> = { [K in keyof T]: T[K] extends string ? string : SectionShape<T[K]> };
