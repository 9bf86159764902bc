// What every screen is given: the configuration the server put in the
// page, the sounds, and the path's parameters.
import type { ComponentChild } from "preact";
import type { ClientConfig } from "./protocol";
import type { Sound } from "./sound";

export interface App { cfg: ClientConfig; sound: Sound }

// A route: a path pattern and the screen it shows, given the pattern's
// groups and the query.
export type Route = [RegExp, (app: App, params: string[], query: URLSearchParams) => ComponentChild];
