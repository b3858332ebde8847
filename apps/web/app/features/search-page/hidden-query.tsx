import { parseQueryString, type SearchQuery, stringifySearchQuery } from '@hora/core/search';

/** The parts of the query a GET form has no field for, carried along as hidden fields. */
export function HiddenQuery(props: { query: SearchQuery; omit: readonly string[] }) {
  const params = parseQueryString(stringifySearchQuery(props.query));
  return (
    <>
      {Object.entries(params)
        .filter(([name]) => !props.omit.includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}
