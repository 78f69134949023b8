import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { packListOperations, packOperations, readPackFile } from '@promptloom/proto';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import {
  CreatedPackLink,
  PackImportReport,
  SharedSignaturePack,
  SignaturePack,
  SignaturePackExport,
  SignaturePackLink,
} from './pack-types';

/** Issue #19 signature packs (REST: /api/signature/packs/...). Always the caller's own lists and links. */
@Resolver()
export class PackResolver {
  @Query(() => SignaturePackExport, { description: 'Your saved signature as a pack file.' })
  async mySignaturePack(@Ctx() context: GraphQLContext) {
    const { filename, pack } = await callAs(
      callerOf(context),
      context.bus,
      packOperations.export,
      ({ userId }) => ({ userId }),
    );
    return Object.assign(new SignaturePackExport(), {
      filename,
      content: `${JSON.stringify(pack, null, 2)}\n`,
      pack: SignaturePack.from(pack),
    });
  }

  @Query(() => [SignaturePackLink], { description: 'Your share links, newest first.' })
  async mySignaturePackLinks(@Ctx() context: GraphQLContext) {
    const links = await callAs(callerOf(context), context.bus, packOperations.listLinks, ({ userId }) => ({
      userId,
    }));
    return links.data.map((link) => SignaturePackLink.from(link));
  }

  @Query(() => SharedSignaturePack, {
    description: 'What a share link holds. An unknown token is not found; an expired or revoked one is GONE.',
  })
  async sharedSignaturePack(@Ctx() context: GraphQLContext, @Arg('token', () => String) token: string) {
    const shared = await callAsWith(callerOf(context), context.bus, packOperations.openLink, () => ({
      token,
    }));
    return Object.assign(new SharedSignaturePack(), {
      pack: SignaturePack.from(shared.pack),
      expiresAt: shared.expiresAt,
    });
  }

  @Mutation(() => PackImportReport, {
    description:
      'Merges a pack file (its JSON text) into your lists, all or nothing; reports added and skipped.',
  })
  async importSignaturePack(@Ctx() context: GraphQLContext, @Arg('file', () => String) file: string) {
    // The file is read once callAs has the actor: an anonymous caller gets its 401 before the file is checked.
    const report = await callAs(callerOf(context), context.bus, packListOperations.import, ({ userId }) => ({
      user_id: userId,
      pack: readPackFile(file),
    }));
    return PackImportReport.from(report);
  }

  @Mutation(() => PackImportReport, { description: "Merges a share link's pack into your lists." })
  async importSharedSignaturePack(@Ctx() context: GraphQLContext, @Arg('token', () => String) token: string) {
    const report = await callAsWith(callerOf(context), context.bus, packOperations.importLink, () => ({
      token,
    }));
    return PackImportReport.from(report);
  }

  @Mutation(() => CreatedPackLink, {
    description: 'A read-only share link of your saved signature (7 days by default).',
  })
  async createSignaturePackLink(
    @Ctx() context: GraphQLContext,
    @Arg('expiresInDays', () => Int, { nullable: true, description: '1, 7 or 30.' })
    expiresInDays?: number | null,
  ) {
    const created = await callAsWith(
      callerOf(context),
      context.bus,
      packOperations.createLink,
      ({ userId }) => ({ userId, expiresInDays: expiresInDays ?? undefined }),
    );
    return Object.assign(new CreatedPackLink(), {
      token: created.token,
      link: SignaturePackLink.from(created.link),
    });
  }

  @Mutation(() => SignaturePackLink, {
    description: 'Revokes one of your share links; it then answers GONE.',
  })
  async revokeSignaturePackLink(@Ctx() context: GraphQLContext, @Arg('id', () => Int) id: number) {
    const revoked = await callAsWith(
      callerOf(context),
      context.bus,
      packOperations.revokeLink,
      ({ userId }) => ({ userId, id }),
    );
    return SignaturePackLink.from(revoked.link);
  }
}
