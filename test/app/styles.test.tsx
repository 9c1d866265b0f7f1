import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderStyled, TEST_STYLES_KEY } from './styles';

function Screen() {
  return (
    <>
      <Button sx={{ color: 'rgb(1, 2, 3)' }}>Shown</Button>
      <Box sx={{ display: 'none' }}>
        <Button>Hidden by display</Button>
      </Box>
      <Box sx={{ visibility: 'hidden' }}>
        <Button>Hidden by visibility</Button>
      </Box>
      <Box sx={{ pointerEvents: 'none', opacity: 0.5 }}>
        <Button>Not clickable</Button>
      </Box>
    </>
  );
}

describe("a test screen's styles", () => {
  it('keep what shows an element and lets it be clicked', async () => {
    renderStyled(<Screen />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Shown', 'Not clickable']);
    const faded = screen.getByRole('button', { name: 'Not clickable' }).parentElement!;
    expect(getComputedStyle(faded).opacity).toBe('0.5');
    await expect(userEvent.click(screen.getByRole('button', { name: 'Not clickable' }))).rejects.toThrow(
      /pointer-events: none/,
    );
  });

  it('leave out the rest', () => {
    renderStyled(<Screen />);
    expect(getComputedStyle(screen.getByRole('button', { name: 'Shown' })).color).not.toBe('rgb(1, 2, 3)');
  });

  it('keep every declaration for a test that asks', () => {
    renderStyled(<Screen />, { allStyles: true });
    expect(getComputedStyle(screen.getByRole('button', { name: 'Shown' })).color).toBe('rgb(1, 2, 3)');
  });

  it('are gone when the test that rendered them ends', () => {
    const testStyles = () =>
      document.querySelectorAll(
        `style[data-emotion="${TEST_STYLES_KEY}"], style[data-emotion^="${TEST_STYLES_KEY} "]`,
      );
    expect(testStyles()).toHaveLength(0);
    renderStyled(<Screen />);
    expect(testStyles()).not.toHaveLength(0);
  });
});
