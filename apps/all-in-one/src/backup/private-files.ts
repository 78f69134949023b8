import { chmod, mkdir, stat } from 'node:fs/promises';

/** A backup holds password hashes, emails and users' AI messages: only its owner may read it. */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `folder` (and any missing parents) readable by its owner only. */
export async function makePrivateFolder(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Makes the backup's own folder 0700, tightening one that already exists with wider modes. Returns why it could
 * not, in words for the operator, or null.
 */
export async function claimPrivateFolder(folder: string): Promise<string | null> {
  await makePrivateFolder(folder);
  try {
    await chmod(folder, PRIVATE_FOLDER_MODE);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `${folder} cannot be made private (mode 0700): ${reason}. A backup holds password hashes and users' data; give it a folder you own.`;
  }
  const { mode } = await stat(folder);
  if ((mode & 0o777) !== PRIVATE_FOLDER_MODE) {
    return `${folder} stays mode ${(mode & 0o777).toString(8)} after chmod 0700; a backup holds password hashes and users' data: give it a folder on a file system that keeps modes.`;
  }
  return null;
}
