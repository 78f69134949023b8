import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { aiRecordOperations, signatureRecordOperations } from '@promptloom/proto';
import { ListFamily, SortDirection } from '../enums';
import { callAs, callAsWith } from '../../auth/call-as';
import { callerOf, type GraphQLContext } from '../context';
import { JobTicket } from '../ai/generation-types';
import { pageRequest, toGraphQLPage } from './page-type';
import {
  AdminRecord,
  AdminRecordPage,
  RecordInput,
  SignatureRecord,
  SignatureRecordInput,
  SignatureRecordPage,
} from './records-types';

interface ListArgs {
  page?: number | null;
  perPage?: number | null;
  search?: string | null;
  sort?: string | null;
  direction?: keyof typeof SortDirection | null;
  status?: number | null;
}

/** `sort` and `status` are checked by the operation's zod schema (BAD_USER_INPUT naming the field): `callAsWith`. */
const listRequest = (args: ListArgs) => ({
  ...pageRequest(args.page, args.perPage),
  search: args.search ?? undefined,
  sort: args.sort ?? undefined,
  direction: args.direction ?? undefined,
  status: args.status ?? undefined,
});

const none = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** Admins only: every user's TL/TR/BL items (AI worker) and BR records (saved signatures), paged and searched. */
@Resolver()
export class AdminRecordsResolver {
  @Query(() => AdminRecordPage, {
    description:
      'Admins only: TL, TR or BL records of every user; search across all pages, sort by any column.',
  })
  async adminRecords(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('sort', () => String, { nullable: true }) sort?: string,
    @Arg('direction', () => SortDirection, { nullable: true }) direction?: keyof typeof SortDirection,
    @Arg('status', () => Int, { nullable: true }) status?: number,
  ) {
    const result = await callAsWith(callerOf(context), context.bus, aiRecordOperations.list, () => ({
      ...listRequest({ page, perPage, search, sort, direction, status }),
      family,
    }));
    return toGraphQLPage(result, AdminRecord.from);
  }

  @Query(() => SignatureRecordPage, {
    description: 'Admins only: BR records (saved signatures) of every user.',
  })
  async adminSignatureRecords(
    @Ctx() context: GraphQLContext,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('perPage', () => Int, { nullable: true }) perPage?: number,
    @Arg('search', () => String, { nullable: true }) search?: string,
    @Arg('sort', () => String, { nullable: true }) sort?: string,
    @Arg('direction', () => SortDirection, { nullable: true }) direction?: keyof typeof SortDirection,
    @Arg('status', () => Int, { nullable: true }) status?: number,
  ) {
    const result = await callAsWith(callerOf(context), context.bus, signatureRecordOperations.list, () =>
      listRequest({ page, perPage, search, sort, direction, status }),
    );
    return toGraphQLPage(result, SignatureRecord.from);
  }

  @Mutation(() => AdminRecord, { description: 'Admins only: edits a TL, TR or BL record.' })
  async updateRecord(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => RecordInput) input: RecordInput,
  ) {
    const updated = await callAsWith(callerOf(context), context.bus, aiRecordOperations.update, () => ({
      family,
      id,
      levels: none(input.levels),
      ai_model: input.aiModel,
      frequency: none(input.frequency),
      ai_response: none(input.aiResponse),
      status: none(input.status),
    }));
    return AdminRecord.from(updated);
  }

  @Mutation(() => JobTicket, {
    description:
      "Admins only: runs a TL, TR or BL record's agent again for its owner with the record's settings and `model`.",
  })
  async regenerateRecord(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('id', () => Int) id: number,
    @Arg('model', () => String) model: string,
  ) {
    const ticket = await callAsWith(callerOf(context), context.bus, aiRecordOperations.regenerate, () => ({
      family,
      id,
      model,
    }));
    return JobTicket.from(ticket);
  }

  @Mutation(() => SignatureRecord, { description: 'Admins only: edits a BR record (a saved signature).' })
  async updateSignatureRecord(
    @Ctx() context: GraphQLContext,
    @Arg('id', () => Int) id: number,
    @Arg('input', () => SignatureRecordInput) input: SignatureRecordInput,
  ) {
    const updated = await callAsWith(
      callerOf(context),
      context.bus,
      signatureRecordOperations.update,
      () => ({
        id,
        username: none(input.username),
        signatureElements: none(input.signatureElements),
        signature: none(input.signature),
        status: none(input.status),
      }),
    );
    return SignatureRecord.from(updated);
  }

  @Mutation(() => Int, { description: 'Admins only: deletes a TL, TR, BL or BR record; answers its id.' })
  async deleteRecord(
    @Ctx() context: GraphQLContext,
    @Arg('family', () => ListFamily) family: ListFamily,
    @Arg('id', () => Int) id: number,
  ) {
    const caller = callerOf(context);
    const deleted =
      family === ListFamily.br
        ? await callAs(caller, context.bus, signatureRecordOperations.delete, () => ({ id }))
        : await callAs(caller, context.bus, aiRecordOperations.delete, () => ({ family, id }));
    return deleted.id;
  }
}
