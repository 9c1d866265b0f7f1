import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import SerializerCompiler, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type ValidateFunction = ReturnType<ReturnType<BuildCompilerFromPool>>;

/** A validator that compiles on its first call; Fastify reads Ajv's `errors` and `schemaEnv` off it. */
function lazyValidator(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const get = () => (compiled ??= compile());
  const validator = ((data: unknown, context: unknown) => {
    const result = (get() as (d: unknown, c: unknown) => unknown)(data, context);
    validator.errors = get().errors;
    return result;
  }) as ValidateFunction;
  // Fastify gives Ajv's own functions (those with a schemaEnv) the request as parent data, so that type
  // coercion may replace the validated part itself: the wrapper must answer as the compiled function would.
  Object.defineProperty(validator, 'schemaEnv', { get: () => get().schemaEnv });
  Object.defineProperty(validator, 'schema', { get: () => get().schema });
  return validator;
}

/**
 * Fastify's own compilers — Ajv with the server's `ajv` options, fast-json-stringify — with each route's
 * schema compiled on its first use instead of at start-up. Compiling the API's ~200 schemas took over a
 * second of every start (of every worker, too); now a request pays once for the route it calls.
 */
export const lazySchemaCompilers = {
  compilersFactory: {
    buildValidator: ((externalSchemas, ajvOptions) => {
      const build = AjvCompiler()(externalSchemas, ajvOptions);
      return (route) => lazyValidator(() => build(route));
    }) satisfies BuildCompilerFromPool,
    buildSerializer: ((externalSchemas, serializerOptions) => {
      const build = SerializerCompiler()(externalSchemas, serializerOptions);
      return (route) => {
        let compiled: ((doc: unknown) => string) | undefined;
        return (doc) => (compiled ??= build(route))(doc);
      };
    }) satisfies SerializerFactory,
  },
};
