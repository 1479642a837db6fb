/** Where in a configuration file a problem is, as precisely as the parser can tell. */
export interface ConfigProblem {
  file: string;
  line?: number;
  column?: number;
  /** The field path, e.g. `active_intents[2].owned_scope[0]`. */
  field?: string;
  message: string;
}
