/**
 * The password hash of a user or member a test writes straight into the database: argon2id as
 * the server's, at a lower cost (1 MiB, one pass: about 1 ms to verify against 15 at the
 * server's OWASP cost). The server verifies it by the cost it carries, with the same code; every
 * hash the server makes itself (an employee added, a password changed or reset) has the server's
 * own cost, which tests/api/employee.test.ts checks.
 */
import { hash } from '@node-rs/argon2';

export const fixtureHash = (password: string): Promise<string> => hash(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
