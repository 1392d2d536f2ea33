/** One measured figure: a row of the table `npm run bench` prints and of bench/results/latest.json. */
export type Row = {
  /** Which of the six areas: 1 HTTP, 2 poll, 3 location, 4 nearest, 5 dispatch, 6 front end. */
  area: number;
  figure: string;
  value: number | null;
  unit: string;
  /** What the value is compared with, measured in the same run on the same machine. */
  baseline?: { label: string; value: number | null; unit?: string };
  /** value ÷ baseline (or baseline ÷ value when lower is better), when a baseline exists. */
  ratio?: number | null;
  /** The target, as text, and whether it was met. Rows without a target inform the others. */
  target?: string;
  met?: boolean | null;
  /** Why a value is missing, or what bounds it. */
  note?: string;
};

export type BenchContext = {
  quick: boolean;
  log(msg: string): void;
  /** A PostgreSQL server to create databases on, or null when it is not reachable. */
  postgresUrl: string | null;
  /** A Redis server, or null when it is not reachable. */
  redisUrl: string | null;
  /** Scratch folder of this run, removed at the end. */
  tmpDir: string;
};

export type Bench = {
  /** Short name for --only. */
  name: string;
  area: number;
  run(ctx: BenchContext): Promise<Row[]>;
};
