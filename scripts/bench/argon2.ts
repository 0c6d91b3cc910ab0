import os from 'node:os';
import { hashPassword, verifyPassword } from '../../server/src/platform/passwords';
import { cpuTimes } from './machine';

export interface Argon2Result {
  /** Verifications per second, one at a time. */
  sequential: number;
  /** Verifications per second with `parallel` calls in flight. */
  parallelRate: number;
  parallel: number;
  /** CPU cores this process actually got during the parallel phase (below `parallel` when the machine was busy). */
  parallelCoresUsed: number;
  /** Cores busy on the whole machine during the parallel phase (this process included); null without /proc/stat. */
  parallelMachineBusyCores: number | null;
  /** Most cores taken by other processes during either phase; null without /proc/stat. */
  otherCores: number | null;
  /** Milliseconds per verification, one at a time. */
  msPerVerify: number;
}

async function verifyFor(hash: string, password: string, seconds: number, inFlight: number): Promise<{ rate: number; coresUsed: number; machineBusyCores: number | null }> {
  const end = performance.now() + seconds * 1000;
  let count = 0;
  const worker = async () => {
    while (performance.now() < end) {
      if (!(await verifyPassword(hash, password))) throw new Error('argon2 verification failed on a correct password');
      count++;
    }
  };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const machineBefore = cpuTimes();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const cpu = process.cpuUsage(cpuBefore);
  const machineAfter = cpuTimes();
  const elapsed = (performance.now() - started) / 1000;
  const machineBusyCores =
    machineBefore && machineAfter && machineAfter.total > machineBefore.total
      ? ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) * os.cpus().length
      : null;
  return { rate: count / elapsed, coresUsed: (cpu.user + cpu.system) / 1e6 / elapsed, machineBusyCores };
}

/**
 * argon2id verifications per second in this process, with the server's own parameters (hashPassword of
 * server/src/platform/passwords.ts): one at a time, then `parallel` at once (libuv's pool runs them on threads).
 */
export async function measureArgon2(params: { seconds: number; parallel: number }): Promise<Argon2Result> {
  const password = 'Bench#Password1';
  const hash = await hashPassword(password);
  await verifyFor(hash, password, 0.3, 1); // warm-up
  const sequential = await verifyFor(hash, password, params.seconds, 1);
  const parallel = await verifyFor(hash, password, params.seconds, params.parallel);
  return {
    sequential: sequential.rate,
    parallelRate: parallel.rate,
    parallel: params.parallel,
    parallelCoresUsed: parallel.coresUsed,
    parallelMachineBusyCores: parallel.machineBusyCores,
    otherCores:
      sequential.machineBusyCores === null || parallel.machineBusyCores === null
        ? null
        : Math.max(0, sequential.machineBusyCores - sequential.coresUsed, parallel.machineBusyCores - parallel.coresUsed),
    msPerVerify: 1000 / sequential.rate,
  };
}
