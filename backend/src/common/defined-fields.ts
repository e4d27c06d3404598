/**
 * The fields of a partial update that were given a value. Update DTOs are PartialType()s, whose @IsOptional()
 * lets `null` through unvalidated; like an absent field, a null leaves the saved value as it is (the reports and
 * sessions updates already read it so) instead of reaching a NOT NULL column as a 500.
 */
export function definedFields<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<T>;
}
