// TypeDoc plugin for `npm run docs`: beyond TypeDoc's own notDocumented check, every exported
// function, method and constructor documents each parameter (@param), a function or method its
// result (@returns, unless it returns nothing) and what it throws (@throws, with the MlKemError
// codes). Each omission is a warning, and typedoc.json makes warnings fail the run.
import { Application, ReflectionKind } from 'typedoc';

const returnsNothing = (type) =>
  type === undefined ||
  (type.type === 'intrinsic' && (type.name === 'void' || type.name === 'never')) ||
  (type.type === 'reference' && type.name === 'Promise' && type.typeArguments?.[0]?.type === 'intrinsic' && type.typeArguments[0].name === 'void');

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    const kinds = ReflectionKind.Function | ReflectionKind.Method | ReflectionKind.Constructor;
    for (const owner of project.getReflectionsByKind(kinds)) {
      for (const signature of owner.signatures ?? []) {
        const where = `${signature.getFriendlyFullName()} (${ReflectionKind.singularString(owner.kind)})`;
        const comment = signature.comment;
        if (comment === undefined) continue; // TypeDoc's notDocumented reports it
        for (const parameter of signature.parameters ?? []) {
          if (parameter.comment === undefined) app.logger.warn(`${where} has no @param for '${parameter.name}'`);
        }
        if (owner.kind === ReflectionKind.Constructor) continue;
        if (!returnsNothing(signature.type) && comment.getTag('@returns') === undefined) app.logger.warn(`${where} has no @returns`);
        if (comment.getTag('@throws') === undefined) app.logger.warn(`${where} has no @throws (the MlKemError codes, or what else it throws)`);
      }
    }
  });
}
