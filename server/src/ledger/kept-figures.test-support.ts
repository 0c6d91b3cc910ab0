import { findDemoAgency } from '../seed/first-run';
import { createGeneratedAgency } from '../test/generated-season';
import { createDemoTestApp, type TestApp } from '../test/harness';

/** The app the kept figures' tests post through: the demo season, and a generated season of five vessel calls. */
export interface SeasonsApp {
  t: TestApp;
  demoAgencyId: number;
  generatedAgencyId: number;
  /** The generated agency's admin (password 'Generated#Pass1'). */
  generatedAdmin: string;
}

/** A test app with the demo season seeded and a generated season beside it (`seed` draws the generated one). */
export async function seasonsApp(seed: number): Promise<SeasonsApp> {
  const t = await createDemoTestApp();
  const demoAgencyId = (await findDemoAgency(t.database.db)) ?? 0;
  const generated = await createGeneratedAgency(t.database.db, { now: t.clock.now(), seed, voyages: 5, password: 'Generated#Pass1' });
  return { t, demoAgencyId, generatedAgencyId: generated.agencyId, generatedAdmin: generated.username };
}
