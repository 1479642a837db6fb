/** The remote a CI clone fetched from, and that --deepen fetches from. */
export const remote = "origin";
