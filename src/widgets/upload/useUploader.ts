/**
 * The upload of the upload widgets (UploadWidget, UploadButton): the picked files checked with
 * the shared rule in the browser (type, size, pixels), sent to POST /v1/Files (or the rule's
 * endpoint), failures told in the widget's own dialog.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkUpload } from '../../domain/validation/files';
import { useWidgetEnv } from '../env';
import { failureTitle, ruleFailureMessage, serverFailureMessage, tooManyMessage } from './failures';
import { imagePixels } from './measure';
import { nameOfUrl, uploadQuery, type UploadedFile, type WidgetUploadRule } from './rule';

/** The multipart field POST /v1/Files reads. */
const FILES_FIELD = 'Files';

/**
 * The first failing file of a pick checked with the shared rule, as a dialog message; null when
 * all pass. The pixel size is read only when the rule asks for one.
 */
async function browserCheck(t: ReturnType<typeof useTranslation>['t'], files: File[], rule: WidgetUploadRule): Promise<string | null> {
  const { width, height, ...withoutPixels } = rule;
  for (const file of files) {
    const facts = { name: file.name, size: file.size, type: file.type };
    const first = checkUpload(facts, withoutPixels);
    if (first) return ruleFailureMessage(t, first, facts, rule);
    if (width === undefined && height === undefined) continue;
    // A browser that cannot decode the image leaves the pixel check to the server.
    const pixels = await imagePixels(file);
    if (!pixels) continue;
    const second = checkUpload({ ...facts, ...pixels }, rule);
    if (second) return ruleFailureMessage(t, second, { ...facts, ...pixels }, rule);
  }
  return null;
}

export interface Uploader {
  busy: boolean;
  /** Checks the picked files with the rule, uploads them; false when refused or failed. */
  take: (list: FileList | File[] | null) => Promise<boolean>;
  /** Stops an upload under way (the component is going). */
  abort: () => void;
}

/**
 * Picks, checks (the shared rule in the browser: type, size, pixels) and uploads files; the
 * stored addresses go to `onStored`. `room` is how many more files the value takes.
 */
export function useUploader(rule: WidgetUploadRule, onStored: (files: UploadedFile[]) => void, room?: number): Uploader {
  const { t } = useTranslation();
  const env = useWidgetEnv();
  const alert = env.useAlert();
  const [busy, setBusy] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);
  const fail = (message: string) => {
    alert(message, { title: failureTitle(t, rule) });
    return false;
  };

  const take = async (list: FileList | File[] | null): Promise<boolean> => {
    const picked = Array.from(list ?? []);
    if (picked.length === 0 || busy) return false;
    const files = rule.multiple ? picked : picked.slice(0, 1);
    if (rule.multiple && room !== undefined && files.length > room) return fail(tooManyMessage(t, rule.maxCount ?? room));
    const problem = await browserCheck(t, files, rule);
    if (problem) return fail(problem);

    const body = new FormData();
    for (const file of files) body.append(FILES_FIELD, file, file.name);
    const controller = new AbortController();
    controllerRef.current = controller;
    setBusy(true);
    try {
      const stored = await env.request<(UploadedFile | string)[]>('POST', rule.endpoint ?? 'Files', {
        body,
        query: uploadQuery(rule, rule.multiple ? room : 1),
        // The widget's own progress instead of the page mask; failures are told below.
        noMask: true,
        silent: true,
        signal: controller.signal,
      });
      // An endpoint answering bare urls (marketing/activity-template/files): named by the picked files.
      const list: UploadedFile[] = (Array.isArray(stored) ? stored : []).map((f, i) =>
        typeof f === 'string' ? { url: f, name: files[i]?.name ?? nameOfUrl(f), size: files[i]?.size ?? 0, type: files[i]?.type ?? '' } : f);
      if (list.length) onStored(list);
      return list.length > 0;
    } catch (e) {
      if (controller.signal.aborted) return false;
      if (!env.isApiError(e)) throw e;
      const message = serverFailureMessage(t, e.code, e.data, files.map((f) => ({ name: f.name, size: f.size })), rule);
      if (message !== null && e.status >= 400 && e.status < 500) return fail(message);
      // Anything else (session ended, server error, network): the app's usual Fail handling.
      env.onFailure(e);
      return false;
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setBusy(false);
    }
  };

  return { busy, take, abort: () => controllerRef.current?.abort() };
}

/** The size of an image preview: the required proportions when the rule names them. */
export function previewSize(rule: Pick<WidgetUploadRule, 'width' | 'height'>): { width: number; height: number } {
  if (!rule.width || !rule.height) return { width: 112, height: 84 };
  const width = Math.min(rule.width, 288);
  return { width, height: Math.max(24, Math.round((width * rule.height) / rule.width)) };
}
