import {
  SIGNATURE_BLANK_NAME_MESSAGE,
  SIGNATURE_SIZE,
  SIGNATURE_SIZE_MESSAGE,
  SignatureNames,
  abbreviate,
  signatureCode,
  validateSignature,
} from './signature';

const six = ['Light', 'Shadow', 'Texture', 'Tone', 'Hue', 'Grain'];

describe('validateSignature', () => {
  it('accepts exactly 6 names', () => {
    expect(SIGNATURE_SIZE).toBe(6);
    expect(validateSignature(six)).toBeNull();
  });

  it('rejects fewer or more than 6 names with a clear message', () => {
    expect(SIGNATURE_SIZE_MESSAGE).toBe('A signature holds exactly 6 names.');
    expect(validateSignature(six.slice(0, 5))).toBe(SIGNATURE_SIZE_MESSAGE);
    expect(validateSignature([...six, 'Haze'])).toBe(SIGNATURE_SIZE_MESSAGE);
    expect(validateSignature([])).toBe(SIGNATURE_SIZE_MESSAGE);
  });

  it('rejects a blank name', () => {
    expect(validateSignature([...six.slice(0, 5), '  '])).toBe(SIGNATURE_BLANK_NAME_MESSAGE);
  });
});

describe('SignatureNames schema', () => {
  it('parses 6 names, trimming them', () => {
    expect(SignatureNames.parse([' Light ', ...six.slice(1)])).toEqual(six);
  });

  it('fails with the spec message for another count', () => {
    const result = SignatureNames.safeParse(six.slice(0, 4));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SIGNATURE_SIZE_MESSAGE);
  });

  it('fails on a blank name', () => {
    const result = SignatureNames.safeParse([...six.slice(0, 5), ' ']);
    expect(result.error?.issues[0]?.message).toBe(SIGNATURE_BLANK_NAME_MESSAGE);
  });
});

describe('abbreviate: the first 3 letters', () => {
  it('takes the first 3 letters, keeping their case', () => {
    expect(abbreviate('Photography')).toBe('Pho');
    expect(abbreviate('light')).toBe('lig');
  });

  it('gives what a shorter name has', () => {
    expect(abbreviate('Art')).toBe('Art');
    expect(abbreviate('Go')).toBe('Go');
    expect(abbreviate('')).toBe('');
  });

  it('skips spaces, digits and punctuation', () => {
    expect(abbreviate('Sci-Fi')).toBe('Sci');
    expect(abbreviate('Up Close')).toBe('UpC');
    expect(abbreviate('3D Art')).toBe('DAr');
  });

  it('counts an accented letter as one letter', () => {
    expect(abbreviate('E\u0301clair')).toBe('E\u0301cl'.normalize('NFC'));
    expect(abbreviate('Ñandú')).toBe('Ñan');
  });
});

describe('signatureCode', () => {
  it('joins the abbreviations of the names with hyphens', () => {
    expect(signatureCode(six)).toBe('Lig-Sha-Tex-Ton-Hue-Gra');
  });

  it('leaves out names without letters', () => {
    expect(signatureCode(['Light', '42', 'Shadow'])).toBe('Lig-Sha');
  });
});
