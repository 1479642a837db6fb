import { afterAll } from "vitest";
import { removeTestRepos } from "./test-repo.js";

afterAll(removeTestRepos);
