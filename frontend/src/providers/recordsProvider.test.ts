import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { RECORD_REPORTS, recordReportResources, refreshRecords } from './recordsProvider';
import { answer, stubFetch } from './testing/fetchStub';

const fetchStub = stubFetch();

/** The typed client hands fetch a Request. */
const asked = (call: number) => new URL((fetchStub.mock.mock.calls[call][0] as Request).url);

describe("a quarter's reports over the records as resources", () => {
  it('reads the health checks of the quarter named by the id, and names the record by that quarter', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ score: 90, findings: [] }));
    const { data } = await recordReportResources[RECORD_REPORTS.health].getOne!(RECORD_REPORTS.health, {
      id: 'Q3-2026',
    });
    expect(asked(0).pathname).toBe('/api/protected/records/health');
    expect(asked(0).searchParams.get('period')).toBe('Q3-2026');
    expect(data).toEqual({ score: 90, findings: [], id: 'Q3-2026' });
  });

  it('reads the by-vehicle report with the trimmed unit filter, and leaves an empty filter out', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ vehicles: [] })).mockResolvedValueOnce(answer({ vehicles: [] }));
    const byVehicle = recordReportResources[RECORD_REPORTS.byVehicle].getOne!;
    await byVehicle(RECORD_REPORTS.byVehicle, { id: 'Q3-2026', meta: { unit: ' T-7 ' } });
    await byVehicle(RECORD_REPORTS.byVehicle, { id: 'Q3-2026', meta: { unit: '' } });
    expect(asked(0).searchParams.get('unit')).toBe('T-7');
    expect(asked(1).searchParams.has('unit')).toBe(false);
  });

  it('asks for the preview of the quarter and fuel it is given, and names the record by the quarter', async () => {
    fetchStub.mock.mockResolvedValueOnce(answer({ lines: [] }));
    const { data } = await recordReportResources[RECORD_REPORTS.returnPreview].getOne!(RECORD_REPORTS.returnPreview, {
      id: 'Q3-2026',
      meta: { fuelType: 'gasoline' },
    });
    const request = fetchStub.mock.mock.calls[0][0] as Request;
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ period: 'Q3-2026', fuel_type: 'gasoline' });
    expect(data).toEqual({ lines: [], id: 'Q3-2026' });
  });

  it('are read again, with the records lists, after records change', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await refreshRecords(queryClient);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.[0]);
    expect(keys).toEqual(
      expect.arrayContaining([
        'trips',
        'fuel-purchases',
        'records-health',
        'records-by-vehicle',
        'records-checks',
        'return-previews',
      ]),
    );
  });
});
