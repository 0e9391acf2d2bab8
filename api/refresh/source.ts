// Reads a snapshot from a file or a URL. A URL is fetched once, without redirects, from a checked address (the
// prober's rules: no private address unless allowed), so an admin's URL cannot reach inside the network.
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { checkedAddress, checkedLookup } from '../health/ssrf.ts';
import { readDataset } from '../db/seed.ts';
import { hostTable } from '../../data/upstream.ts';
import { REFRESH_MAX_MB, type RefreshSource } from '../../contract/refresh.ts';
import { parseSnapshot, sha256, SnapshotError, type Snapshot } from './diff.ts';

const FETCH_TIMEOUT_MS = 30_000;
const MAX_BYTES = REFRESH_MAX_MB * 1024 * 1024;

export type ReadSnapshot = { snapshot: Snapshot; source: RefreshSource; bytes: Buffer };

/** A snapshot from bytes already read (an upload): the file's name and date as the source. */
export function snapshotFromBytes(bytes: Buffer, location: string, date: Date | null): ReadSnapshot {
  const snapshot = parseSnapshot(bytes.toString('utf8'));
  return {
    snapshot,
    bytes,
    source: { name: snapshot.format, location, date: date?.toISOString() ?? null, sha256: sha256(bytes) },
  };
}

export async function readSnapshotFile(file: string): Promise<ReadSnapshot> {
  let bytes: Buffer;
  try {
    if ((await stat(file)).size > MAX_BYTES) throw new SnapshotError(`${file} is larger than ${REFRESH_MAX_MB} MB`);
    bytes = await readFile(file);
  } catch (err) {
    if (err instanceof SnapshotError) throw err;
    throw new SnapshotError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  return snapshotFromBytes(bytes, path.basename(file), (await stat(file)).mtime);
}

export async function readSnapshotUrl(url: string, allowPrivate: boolean): Promise<ReadSnapshot> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SnapshotError(`Not a URL: ${url}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new SnapshotError(`Only http and https URLs can be read: ${url}`);
  }
  const unreachable = (why: string) => new SnapshotError(`Cannot reach ${url}: ${why}`);
  let target;
  try {
    target = await checkedAddress(parsed.hostname, allowPrivate);
  } catch (err) {
    throw unreachable((err as Error).message);
  }
  const { bytes, lastModified } = await new Promise<{ bytes: Buffer; lastModified: string | undefined }>(
    (resolve, reject) => {
      const get = parsed.protocol === 'https:' ? https.get : http.get;
      const request = get(parsed, { lookup: checkedLookup(target), timeout: FETCH_TIMEOUT_MS }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(unreachable(`it answered HTTP ${response.statusCode}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) request.destroy(new SnapshotError(`${url} is larger than ${REFRESH_MAX_MB} MB`));
          else chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ bytes: Buffer.concat(chunks), lastModified: response.headers['last-modified'] }),
        );
        response.on('error', (err) => reject(err instanceof SnapshotError ? err : unreachable(err.message)));
      });
      request.on('timeout', () => request.destroy(unreachable(`no answer within ${FETCH_TIMEOUT_MS / 1000} s`)));
      request.on('error', (err: NodeJS.ErrnoException) =>
        reject(err instanceof SnapshotError ? err : unreachable(err.code ?? err.message)),
      );
    },
  );
  const date = lastModified ? new Date(lastModified) : null;
  return snapshotFromBytes(bytes, url, date && !isNaN(date.getTime()) ? date : null);
}

export const readSnapshot = (fileOrUrl: string, allowPrivate: boolean) =>
  /^https?:\/\//i.test(fileOrUrl) ? readSnapshotUrl(fileOrUrl, allowPrivate) : readSnapshotFile(fileOrUrl);

/** The dataset's host → provider table (providers.json's `hostDomains`), as the dataset was attributed. */
export const datasetHosts = () => hostTable(readDataset().providers);
