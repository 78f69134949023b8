import { OldReleaseWriter, type OldReleaseAccount } from './old-release-writer';

export interface OldReleaseLoad {
  /** Every account whose writes committed, in the order they did. */
  written: OldReleaseAccount[];
  /** The first write or read that failed, if one did: the load stops there. */
  failure(): unknown;
  stop(): Promise<void>;
}

/** `replicas` replicas of the previous release writing and reading accounts one after another until stopped. */
export function startOldReleaseLoad(url: string, passwordHash: string, replicas: number): OldReleaseLoad {
  const written: OldReleaseAccount[] = [];
  let failure: unknown;
  let stopping = false;
  const loops = Array.from({ length: replicas }, async (_, replica) => {
    let writer: OldReleaseWriter | undefined;
    try {
      writer = await OldReleaseWriter.connect(url);
      for (let n = 0; !stopping && failure === undefined; n++) {
        written.push(await writer.writeAccount(`replica${replica}-${n}`, passwordHash));
      }
    } catch (error) {
      failure ??= error;
    } finally {
      await writer?.close();
    }
  });
  return {
    written,
    failure: () => failure,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
}
