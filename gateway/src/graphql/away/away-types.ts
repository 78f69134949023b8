import { Field, Float, ObjectType } from 'type-graphql';
import {
  AwayChange as AwayChangeSchema,
  AwayWindow,
  type AwayChange as AwayChangeView,
} from '@promptloom/proto';
import { type AwayReport } from '../../away/away-report';
import { AwayChangeKind } from '../enums';
import { ShapeOf, fromView } from '../shapes/shape-of';

@ObjectType({ description: 'One change to your own records while you were away, with where to see it.' })
@ShapeOf(AwayChangeSchema)
export class AwayChange {
  @Field(() => AwayChangeKind) kind!: AwayChangeView['kind'];
  @Field(() => String) label!: string;
  @Field(() => String, { description: 'A route of the web app.' }) link!: string;
  @Field(() => String, { description: 'ISO 8601.' }) at!: string;
}

@ObjectType({
  description:
    'While you were away: your window away (from when you were last seen to the start of this visit) and what ' +
    'changed in it; no changes once dismissed.',
})
// The window, and the changes in it the gateway gathers from each service (away-report.ts).
@ShapeOf(AwayWindow, { adds: ['changes'] })
export class WhileYouWereAway {
  @Field(() => String, { nullable: true, description: 'ISO 8601; null on a first visit.' }) since!:
    string | null;
  @Field(() => String, { nullable: true }) until!: string | null;
  @Field(() => Boolean) dismissed!: boolean;
  @Field(() => [AwayChange]) changes!: AwayChange[];

  static from(report: AwayReport): WhileYouWereAway {
    return fromView(WhileYouWereAway, report, {
      changes: report.changes.map((change) => fromView(AwayChange, change)),
    });
  }
}

@ObjectType({ description: 'Your window away opened or was dismissed, on any of your devices.' })
export class WhileYouWereAwayChange {
  @Field(() => WhileYouWereAway) report!: WhileYouWereAway;
  @Field(() => Float, { description: "The event's stream sequence." }) sequence!: number;
}
