import { countClipTokens, loadClipTokenizer } from '@promptloom/proto';
import { readClipMerges } from './clip-merges';

describe("the service's CLIP vocabulary", () => {
  it("reads proto's asset from disk, so the server counts as the page does", async () => {
    await loadClipTokenizer(readClipMerges);
    expect(countClipTokens('a photo of a cat').count).toBe(5);
  });
});
