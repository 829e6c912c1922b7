// zod writes a nullable value as `anyOf: [<the value's schema>, { type: 'null' }]`. fast-json-stringify serializes an
// anyOf by asking a JSON Schema validator (Ajv) which branch each value matches, for every nullable field of every
// row: on the training plan that was a few percent of the server's time. Its own `nullable: true` keyword writes the
// same JSON with a null check instead. Only used for the schema-compiled serializer (endpoint-route.ts), never for
// validation or the OpenAPI document.

type Json = unknown;

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNullType = (branch: Json): boolean =>
  isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1;

/**
 * The branch a nullable anyOf stands for, when it can carry `nullable` itself: a schema with a type and no
 * combinator or reference of its own (fast-json-stringify resolves a `$ref` to the target and would lose the flag).
 */
function nullableBranch(node: Record<string, Json>): Record<string, Json> | undefined {
  if (!Array.isArray(node.anyOf) || node.anyOf.length !== 2 || Object.keys(node).length > 1) return undefined;
  const branches: readonly Json[] = node.anyOf;
  const other = branches.find((branch) => !isNullType(branch));
  if (!branches.some(isNullType) || !isObject(other) || typeof other.type !== 'string') return undefined;
  if (['anyOf', 'oneOf', 'allOf', '$ref', 'nullable'].some((key) => key in other)) return undefined;
  return other;
}

/** A copy of the JSON Schema with each nullable anyOf written as its branch plus `nullable: true`. */
export function nullableAsKeyword(schema: Json): Json {
  if (Array.isArray(schema)) return (schema as readonly Json[]).map(nullableAsKeyword);
  if (!isObject(schema)) return schema;
  const branch = nullableBranch(schema);
  if (branch) return { ...(nullableAsKeyword(branch) as Record<string, Json>), nullable: true };
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, nullableAsKeyword(value)]));
}
