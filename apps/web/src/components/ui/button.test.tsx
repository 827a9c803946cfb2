import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Button, ButtonLink, buttonClass, type ButtonVariant } from './button';
import { primaryNames, takeCrowdedDialogs } from '@/test/primaries';
import { Dialog } from './dialog';

describe('Button', () => {
  it('is a plain button (not a submit) and primary unless told otherwise', () => {
    render(<Button>Spara</Button>);
    const button = screen.getByRole('button', { name: 'Spara' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button).toHaveClass('bg-brand-700', 'text-white');
  });

  it.each<[ButtonVariant, string]>([
    ['primary', 'bg-brand-700'],
    ['secondary', 'bg-white'],
    ['ghost', 'text-brand-800'],
    ['destructive', 'bg-danger-700'],
  ])('%s has its own look', (variant, mark) => {
    render(<Button variant={variant}>Knapp</Button>);
    const button = screen.getByRole('button', { name: 'Knapp' });
    expect(button).toHaveAttribute('data-variant', variant);
    expect(button).toHaveClass(mark);
  });

  it('gives each variant classes no other variant has', () => {
    const all: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'destructive'];
    const sets = all.map((v) => new Set(buttonClass(v).split(' ')));
    for (const [i, set] of sets.entries()) {
      const others = sets.filter((_, j) => j !== i);
      const own = [...set].filter((c) => others.every((o) => !o.has(c)));
      expect(own.length, all[i]).toBeGreaterThan(0);
    }
  });

  it('keeps a touch-sized height at the default size', () => {
    render(<Button>Knapp</Button>);
    expect(screen.getByRole('button')).toHaveClass('min-h-11');
  });

  it('makes a link look like a button of the given variant', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/auth" variant="secondary">
          Logga in
        </ButtonLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Logga in' });
    expect(link).toHaveAttribute('href', '/auth');
    expect(link).toHaveAttribute('data-variant', 'secondary');
  });
});

describe('Dialog', () => {
  it("gives 'Stäng' the secondary look, beside at most one primary action", () => {
    render(
      <Dialog open onOpenChange={() => {}} title="Bekräfta" footer={<Button>Bekräfta</Button>} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Bekräfta' });
    expect(screen.getByRole('button', { name: 'Stäng' })).toHaveAttribute(
      'data-variant',
      'secondary',
    );
    expect(primaryNames(dialog)).toEqual(['Bekräfta']);
  });

  it('is caught by the tests when it shows two primary actions', async () => {
    render(
      <Dialog
        open
        onOpenChange={() => {}}
        title="Två vägar"
        footer={
          <>
            <Button>Spara</Button>
            <Button>Skicka</Button>
          </>
        }
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Två vägar' })).toBeInTheDocument();
    // Mutation records arrive as a microtask after the render.
    await Promise.resolve();
    expect(takeCrowdedDialogs()).toEqual(['Två vägar: Spara, Skicka']);
  });
});
