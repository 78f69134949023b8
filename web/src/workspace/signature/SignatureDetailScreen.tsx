import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { SIGNATURE_SIZE } from '@promptloom/proto';
import { formErrorsOf } from '../../apollo/field-errors';
import { useSession } from '../../session/SessionProvider';
import { MY_SIGNATURE, STORE_SIGNATURE } from '../data/signature-operations';
import { useBrCodes } from '../data/useBrCodes';
import { useLiveList } from '../data/useLiveList';
import { DetailFields, formatDate } from '../detail/DetailFields';
import { useActiveSignature } from './useActiveSignature';
import { useTurnSignatureOff } from './useTurnSignatureOff';
import './signature.css';
import { WorkspaceTopbar } from '../components/WorkspaceTopbar';

export const REPLACE_SIGNATURE_QUESTION =
  'A signature is already saved. Do you want to replace it with the new one? Your old signature will be removed.';

/** SPEC §2 signature detail: the elements of one code, and the toggle that saves it as the active signature. */
export function SignatureDetailScreen() {
  const index = Number(useParams().index);
  const { codes, building } = useBrCodes();
  const code = codes[index];
  const { user } = useSession();
  const { saved, active: activeSignature, isActive } = useActiveSignature();
  const refetchQueries = [{ query: MY_SIGNATURE }];
  const [store, storing] = useMutation(STORE_SIGNATURE, { refetchQueries, awaitRefetchQueries: true });
  const { turnOff, turningOff } = useTurnSignatureOff();
  const [message, setMessage] = useState<string | null>(null);
  const [turnedOff, setTurnedOff] = useState<string | null>(null);
  // Only exactly the saved code is active: another code with the same six elements is not.
  const active = isActive(code);
  const elementItems = useLiveList('bl').items;
  const elementIdOf = (name: string) => elementItems.find((item) => item.aiResponse === name)?.id;

  async function toggle() {
    if (!code) return;
    setMessage(null);
    if (saved && !active && !window.confirm(REPLACE_SIGNATURE_QUESTION)) return;
    try {
      if (active) {
        await turnOff();
        return setTurnedOff(code.code);
      }
      setTurnedOff(null);
      await store({
        variables: {
          input: {
            username: user?.name ?? '',
            signature: code.elements,
            signatureElements: code.elements,
            type: code.type,
          },
          replace: true,
        },
      });
    } catch (error) {
      const errors = formErrorsOf(error, 'Error occurred while processing.');
      setMessage(errors.message ?? Object.values(errors.fields)[0] ?? null);
    }
  }

  return (
    <div className="page">
      <WorkspaceTopbar
        start={
          <Link className="chip" to="/pro/SignatureListingBR">
            ‹ Signatures
          </Link>
        }
      />
      <main className="page-body">
        {turnedOff && (
          <p className="notice" role="status">
            Signature {turnedOff} turned off: it is removed and its elements are no longer active.
          </p>
        )}
        {building ? (
          <p className="page-status" role="status">
            Loading...
          </p>
        ) : !code ? (
          !turnedOff && (
            <p className="lead">
              This signature code is no longer available. Build new codes from the Signature list.
            </p>
          )
        ) : (
          <>
            <div className="detail-heading">
              <h1>{code.code}</h1>
              <button
                type="button"
                className={active ? 'chip chip-on' : 'chip'}
                aria-pressed={active}
                disabled={storing.loading || turningOff}
                onClick={() => void toggle()}
              >
                {active ? 'Active signature' : 'Save as active signature'}
              </button>
            </div>
            <DetailFields
              label="Signature details"
              fields={[
                ['Type', code.type],
                ['Elements', `${code.elements.length} of ${SIGNATURE_SIZE}`],
                ['Status', active ? 'Active signature' : 'Not saved'],
                ['Saved by', active ? saved?.username : null],
                ['Saved', active ? formatDate(saved?.createdAt) : null],
                ['Updated', active ? formatDate(saved?.updatedAt) : null],
              ]}
            />
            {activeSignature && !active && (
              <p className="notice">
                Your active signature is <strong>{activeSignature.code}</strong>; saving this code replaces
                it.
              </p>
            )}
            {message && (
              <p className="form-error" role="alert">
                {message}
              </p>
            )}
            <section className="detail-section" aria-label="Elements of this signature">
              <h2>Elements</h2>
              <ul className="card-grid signature-elements">
                {code.elements.map((element) => {
                  const elementId = elementIdOf(element);
                  return (
                    <li key={element}>
                      {elementId === undefined ? (
                        <span className="card card-title">{element}</span>
                      ) : (
                        <Link className="card card-title" to={`/elements/${elementId}`}>
                          {element}
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
            <div className="detail-actions">
              {active && (
                <Link className="chip" to="/types/streamBM">
                  Open Stream
                </Link>
              )}
              <Link className="chip" to="/pro/SignatureListingBR">
                All signature codes
              </Link>
              <Link className="chip" to="/packs">
                Share or import packs
              </Link>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
