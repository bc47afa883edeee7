import { figures } from './figures';

describe('the marketing figures', () => {
  it("are written in each language's short form", () => {
    expect(figures('zh')).toEqual({ creators: '800万+', videos: '1000万+', laborSaved: '90%' });
    expect(figures('en')).toEqual({ creators: '8M+', videos: '10M+', laborSaved: '90%' });
  });
});
