import { type EnhanceToggles } from '@promptloom/proto';
import { type ApolloSession } from '../../apollo/client';

type FetchAsUser = ApolloSession['fetchAsUser'];

export const UPLOAD_FAILED = 'Upload failed, please try again';

/** SPEC §7 `POST /api/stream/store/{userId}`: the stream's fields and the image; answers `data.image_url`. */
export async function uploadStreamImage(
  fetchAsUser: FetchAsUser,
  input: {
    userId: number;
    image: File;
    prompt: string;
    signature: readonly string[];
    toggles: EnhanceToggles;
  },
): Promise<string> {
  const form = new FormData();
  form.set('user_id', String(input.userId));
  form.set('signature', input.signature.join(','));
  form.set('signatureElements', input.signature.join(','));
  form.set('Hyper_realistic', input.toggles.hyperRealistic ? '1' : '0');
  form.set('8k', input.toggles.eightK ? '1' : '0');
  form.set('4k', input.toggles.fourK ? '1' : '0');
  form.set('finalprompt', input.prompt);
  form.set('image', input.image);
  const response = await fetchAsUser(`/api/stream/store/${input.userId}`, { method: 'POST', body: form });
  const body = (await response.json().catch(() => null)) as { data?: { image_url?: string } } | null;
  if (!response.ok || !body?.data?.image_url) throw new Error(UPLOAD_FAILED);
  return body.data.image_url;
}

/** Images are served only with the bearer token, so the preview is fetched and shown from a blob URL. */
export async function imagePreviewUrl(fetchAsUser: FetchAsUser, imageUrl: string): Promise<string> {
  const response = await fetchAsUser(imageUrl);
  if (!response.ok) throw new Error(UPLOAD_FAILED);
  return URL.createObjectURL(await response.blob());
}
