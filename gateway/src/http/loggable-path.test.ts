import { loggablePath } from './loggable-path';

describe('loggablePath', () => {
  it('replaces a share token in the REST routes and the web page of a link', () => {
    expect(loggablePath('/api/signature/packs/shared/AbC-123_x')).toBe('/api/signature/packs/shared/:token');
    expect(loggablePath('/api/signature/packs/shared/AbC-123_x/import')).toBe(
      '/api/signature/packs/shared/:token/import',
    );
    expect(loggablePath('/packs/AbC-123_x')).toBe('/packs/:token');
  });

  it('leaves every other path as it is', () => {
    for (const path of ['/packs', '/api/signature/packs/links', '/api/me', '/api/admin/user/update/7', '/'])
      expect(loggablePath(path)).toBe(path);
  });
});
