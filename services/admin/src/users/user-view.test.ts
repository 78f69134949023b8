import { PublicUser } from '@promptloom/proto';
import { User } from './user.entity';

describe("a user's public view", () => {
  it('parses with the proto schema, unchanged, for each status', () => {
    for (const status of ['Active', 'Inactive'] as const) {
      const user = Object.assign(
        new User({
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          mobile: '0123456789',
          roleType: 'user',
          passwordHash: 'not a real hash',
          status,
        }),
        { id: 5 },
      );
      expect(PublicUser.parse(user.toPublic())).toEqual(user.toPublic());
      expect(user.toPublic()).not.toHaveProperty('password_hash');
    }
  });
});
