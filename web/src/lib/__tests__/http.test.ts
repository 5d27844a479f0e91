import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFrom, fileNameOf, HttpError, requestFile, requestJson } from '../http';

const answer = (body: BodyInit | null, status: number, headers: Record<string, string> = {}) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status, headers }));

afterEach(() => vi.restoreAllMocks());

describe("a refusal's message", () => {
  it("is the app's {error: {message}}, a bare {detail}, or the status", () => {
    expect(errorFrom({ error: { name: 'Conflict', message: 'Il questionario è cambiato: ricarica la pagina' } }, 409)).toMatchObject({
      message: 'Il questionario è cambiato: ricarica la pagina',
      status: 409,
    });
    expect(errorFrom({ detail: 'Not Found' }, 404).message).toBe('Not Found');
    expect(errorFrom({ error: { message: 42 } }, 400).message).toBe('Errore 400');
    expect(errorFrom(null, 502).message).toBe('Errore 502');
    expect(errorFrom('<html>', 502)).toBeInstanceOf(HttpError);
  });

  it('comes from the body of a JSON request, or from the status when the body is not JSON', async () => {
    answer(JSON.stringify({ error: { message: 'Troppe richieste: riprova più tardi' } }), 429);
    await expect(requestJson('/api/x')).rejects.toMatchObject({ message: 'Troppe richieste: riprova più tardi', status: 429 });
    answer('<html>Bad gateway</html>', 502);
    await expect(requestJson('/api/x')).rejects.toMatchObject({ message: 'Errore 502', status: 502 });
  });
});

describe('a file from the server', () => {
  it('comes with the name the server gives it', async () => {
    answer('PK', 200, { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="dati-cliente-c1.zip"' });
    const file = await requestFile('/api/privacy/clients/c1/export.zip');
    expect(file.name).toBe('dati-cliente-c1.zip');
    expect(await file.blob.text()).toBe('PK');
  });

  it('is refused with the JSON body in words, not saved', async () => {
    answer(JSON.stringify({ error: { name: 'Forbidden', message: 'Operazione non consentita' } }), 403, { 'content-type': 'application/json' });
    await expect(requestFile('/api/privacy/clients/c1/export.zip')).rejects.toMatchObject({ message: 'Operazione non consentita', status: 403 });
  });

  it("reads the name from either form of Content-Disposition's filename", () => {
    expect(fileNameOf('attachment; filename="a b.zip"')).toBe('a b.zip');
    expect(fileNameOf('attachment; filename=plain.zip; size=3')).toBe('plain.zip');
    expect(fileNameOf("attachment; filename=\"fallback.zip\"; filename*=UTF-8''d%C3%A0ti.zip")).toBe('dàti.zip');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
