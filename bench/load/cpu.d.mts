// Types of bench/load/cpu.mjs, for the server tests that check it on a real process.
export function cpuSecondsOfStat(text: string): number;
export function processUsage(pid: number): { cpu: number; rssMb: number };
export function mainThreadCpu(pid: number): number;
export function machineUsage(): { busy: number; total: number };
